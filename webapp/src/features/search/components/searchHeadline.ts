/** docs/spec.md section 2 "Search page": the exact headlines. */
export function searchHeadline(query: string, searching: boolean): string {
  return searching ? `Searching for "${query}" ...` : `Search Results for "${query}"`;
}
