/** Heatmap rank with 2 integer digits: 1 → '01', 12 → '12', 123 → '123'. Non-finite → '00'. */
export function formatRank(n: number): string {
  const whole = Number.isFinite(n) ? Math.trunc(Math.abs(n)) : 0;
  return String(whole).padStart(2, '0');
}
