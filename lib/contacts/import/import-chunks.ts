import { MAX_IMPORT_CHUNK_BYTES } from "@/lib/contacts/import/import-types";

/**
 * Cutting an import into chunk requests by size, not by row count: rows differ in length (a 40-character
 * carrier name, a 1,000-character note), and what a serverless host limits is bytes. Pure: the upload
 * modal runs it in the browser on the rows' JSON.
 *
 * A chunk body is `{"index":N,"contacts":[row,row,…]}`; each chunk holds as many whole rows as fit in
 * `maxBytes` of UTF-8 with that envelope. A row larger than `maxBytes` on its own travels alone (the
 * server's limit, MAX_IMPORT_CHUNK_BODY_BYTES, then decides).
 */

export type ImportChunkRange = { index: number; start: number; end: number; bytes: number };

/** Bytes of the string in UTF-8 (JSON.stringify never leaves a lone surrogate). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const envelopeBytes = (index: number) => utf8Length(`{"index":${index},"contacts":[]}`);

/** The chunks, in file order, for rows given as their JSON texts. */
export function planImportChunks(
  rowJson: readonly string[],
  maxBytes: number = MAX_IMPORT_CHUNK_BYTES,
): ImportChunkRange[] {
  const chunks: ImportChunkRange[] = [];
  let start = 0;
  while (start < rowJson.length) {
    const index = chunks.length;
    let bytes = envelopeBytes(index) + utf8Length(rowJson[start]!);
    let end = start + 1;
    while (end < rowJson.length) {
      const next = bytes + 1 + utf8Length(rowJson[end]!); // the comma, then the row
      if (next > maxBytes) break;
      bytes = next;
      end++;
    }
    chunks.push({ index, start, end, bytes });
    start = end;
  }
  return chunks;
}

/** The JSON body of POST /api/contacts/import-jobs/{id}/chunks for one planned chunk. */
export function importChunkBody(chunk: ImportChunkRange, rowJson: readonly string[]): string {
  return `{"index":${chunk.index},"contacts":[${rowJson.slice(chunk.start, chunk.end).join(",")}]}`;
}
