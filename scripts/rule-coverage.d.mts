export function ruleIdsIn(markdown: string, prefix: string): string[];
export function testSourcesUnder(dir: string, exclude: string): string[];
export function uncitedIds(ids: readonly string[], sources: readonly string[]): string[];
export function unknownCitations(
  ids: readonly string[],
  sources: readonly string[],
  prefix: string,
): string[];
