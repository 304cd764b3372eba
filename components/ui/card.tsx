import { useId, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/** A white panel on the gray page. */
export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={cx("rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6", className)}>{children}</div>
  );
}

export type SectionProps = {
  title: ReactNode;
  /** The heading's id (for links to the section); generated when absent. */
  id?: string;
  description?: ReactNode;
  /** Beside the title (a button, a status). */
  aside?: ReactNode;
  /** h2 by default; h3 for a section inside a section. */
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
};

/** A Card that is a landmark section named by its heading (aria-labelledby). */
export function Section({ title, id, description, aside, headingLevel = 2, className, children }: SectionProps) {
  const generated = useId();
  const titleId = id ? `${id}-title` : generated;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby={titleId}
      className={cx("rounded-lg bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6", className)}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <Heading id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </Heading>
          {description ? <div className="mt-1 text-sm text-gray-600">{description}</div> : null}
        </div>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
