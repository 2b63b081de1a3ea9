/**
 * What the blog list pages compute: the page numbers a pagination bar shows, and dates as the
 * cards print them.
 */

/**
 * The page numbers a pagination bar shows: all of them when there are few, otherwise the first,
 * the last and the current one with its neighbours; `null` marks a gap ("…").
 */
export function pageWindow(current: number, total: number, around = 1): (number | null)[] {
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const shown = new Set<number>([1, total]);
  for (let n = current - around; n <= current + around; n += 1) {
    if (n >= 1 && n <= total) shown.add(n);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  for (const [index, n] of sorted.entries()) {
    const before = sorted[index - 1];
    if (before !== undefined && n - before === 2) result.push(before + 1);
    else if (before !== undefined && n - before > 2) result.push(null);
    result.push(n);
  }
  return result;
}

/** "2026-05-04": the calendar day in UTC (the same in both languages, and at every build). */
export function dayOf(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso.slice(0, 10) : time.toISOString().slice(0, 10);
}
