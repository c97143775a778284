/** The key of a page of a base in what a process keeps: base ids never hold a newline (the contract's pattern). */
export function pageKey(baseId: string, contentId: string): string {
  return `${baseId}\n${contentId}`;
}
