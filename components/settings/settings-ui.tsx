/** The settings screen's multi-message field note; every other building block is in components/ui. */

export function FieldMessage({
  id,
  messages,
  tone = "error",
}: {
  id?: string;
  messages?: readonly (string | null | undefined)[] | string | null;
  tone?: "error" | "warning";
}) {
  const list = (typeof messages === "string" ? [messages] : (messages ?? [])).filter((m): m is string => Boolean(m));
  if (list.length === 0) return null;
  return (
    <div id={id} className={`mt-2 space-y-1 text-sm ${tone === "error" ? "text-red-600" : "text-amber-700"}`}>
      {list.map((m) => (
        <p key={m} role="alert">
          {m}
        </p>
      ))}
    </div>
  );
}
