import { readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Every route handler under app/api as found on disk, for tests that must hold for all of them (a new
 * route is covered without anyone listing it). `pattern` is its URL with the folder names as they are
 * ("/api/contacts/[id]"); `file` is its path from the repository root.
 */
export type ApiRoute = { file: string; pattern: string; dynamic: boolean };

export function listApiRoutes(root = process.cwd()): ApiRoute[] {
  const routes: ApiRoute[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(dir, entry.name));
      else if (entry.name === "route.ts") {
        const pattern = `/${dir.split("/").slice(1).join("/")}`;
        routes.push({ file: join(dir, entry.name), pattern, dynamic: /\[[^\]]+\]/.test(pattern) });
      }
    }
  };
  walk("app/api");
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The route's URL with every dynamic segment replaced by `segment`, as given (not encoded). */
export function routeUrl(pattern: string, segment: string): string {
  return pattern.replace(/\[[^\]]+\]/g, segment);
}
