/**
 * API answers the server wrote into the page shell (services/api/page_shell.py): one JSON object
 * `{path: body}` in `<script type="application/json" id="api-inline">`. Each answer is handed out
 * once, to the first read of its path (the layout's loader on the first page, so the header and
 * footer paint without waiting for the network); later reads of the path go to the network, so
 * a tab left open sees fresh data (docs/targets.md section 4.7). No block, or a broken one (a
 * test's document, the Vite dev server's index.html): every read goes to the network.
 */
let inline: Map<string, unknown> | undefined;

function answers(): Map<string, unknown> {
  try {
    inline ??= new Map(Object.entries(JSON.parse(document.getElementById('api-inline')?.textContent || '{}') as Record<string, unknown>));
  } catch {
    inline = new Map();
  }
  return inline;
}

/** Whether the shell still holds an answer for `path` (an API path with its query, as fetched). */
export const hasInline = (path: string): boolean => answers().has(path);

/** The shell's answer for `path` as `{body}`, removed so the next read fetches; undefined without one. */
export function takeInline(path: string): { body: unknown } | undefined {
  const map = answers();
  const found = map.has(path) ? { body: map.get(path) } : undefined;
  map.delete(path);
  return found;
}

/** Forget what was read from the shell (tests set up a new document). */
export function resetInline(): void {
  inline = undefined;
}
