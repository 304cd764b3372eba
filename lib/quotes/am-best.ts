/**
 * AM Best's financial strength ratings (Best's FSR scale), best first: what a quote's `amBestRating` may hold, from
 * CSG's `company_base.ambest_rating` or a rate book's carriers.csv. Anything else is not shown.
 */
export const AM_BEST_RATINGS = [
  "A++",
  "A+",
  "A",
  "A-",
  "B++",
  "B+",
  "B",
  "B-",
  "C++",
  "C+",
  "C",
  "C-",
  "D",
  "E",
  "F",
  "S",
] as const;

export function isAmBestRating(value: string): boolean {
  return (AM_BEST_RATINGS as readonly string[]).includes(value);
}
