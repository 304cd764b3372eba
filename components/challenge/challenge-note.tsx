import { CHALLENGE_TEXTS } from "@/lib/challenge/challenge-format";
import type { ChallengeStatus } from "@/components/challenge/use-challenge";

/**
 * "Checking your browser..." while the form's challenge is being solved in the background. A polite live
 * region that stays mounted (so screen readers announce the change), and text only: nothing to focus,
 * nothing that holds up typing or tabbing.
 */
export function ChallengeNote({ status, className = "" }: { status: ChallengeStatus; className?: string }) {
  return (
    <p role="status" aria-live="polite" className={`min-h-7 text-lg text-gray-600 ${className}`}>
      {status === "working" ? CHALLENGE_TEXTS.checking : ""}
    </p>
  );
}
