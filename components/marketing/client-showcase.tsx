"use client";

import { useId, useState } from "react";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";

export type ShowcaseItem = {
  key: string;
  label: string;
  title: string;
  text: string;
  image?: { src: string; width: number; height: number; alt: string };
};

/**
 * The client-experience showcase of the home page (client-side.md §2): Email, Quotes, Underwriting,
 * switched by hovering a tab (pointer) or by the tabs themselves (click, arrow keys).
 */
export function ClientShowcase({ items }: { items: ShowcaseItem[] }) {
  const [active, setActive] = useState(0);
  const baseId = useId();
  const current = items[active] ?? items[0];
  if (!current) return null;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    event.preventDefault();
    const next = (active + (event.key === "ArrowRight" ? 1 : items.length - 1)) % items.length;
    setActive(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };
  return (
    <div className="grid items-center gap-8 lg:grid-cols-2">
      <div>
        <div role="tablist" aria-label="Client experience" className="flex gap-2" onKeyDown={onKeyDown}>
          {items.map((item, index) => (
            <button
              key={item.key}
              id={`${baseId}-tab-${index}`}
              type="button"
              role="tab"
              aria-selected={index === active}
              aria-controls={`${baseId}-panel`}
              tabIndex={index === active ? 0 : -1}
              onClick={() => setActive(index)}
              onMouseEnter={() => setActive(index)}
              className={cx(
                "min-h-11 rounded-full px-4 py-2 text-sm font-semibold",
                focusRing,
                index === active
                  ? "bg-brand-600 text-white"
                  : "bg-white text-gray-800 ring-1 ring-gray-400 hover:bg-gray-50",
              )}
            >
              {item.label}
            </button>
          ))}
        </div>
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`} className="mt-6">
          <h3 className="text-xl font-semibold text-gray-900">{current.title}</h3>
          <p className="mt-2 text-gray-600">{current.text}</p>
        </div>
      </div>
      <div className="flex justify-center">
        {current.image ? (
          // A plain <img>: the screenshots are already phone-sized PNGs served as they are, so next/image would add
          // nothing but its ~5 KB of browser code to the home page's first load (docs/performance.md).
          // eslint-disable-next-line @next/next/no-img-element -- see above
          <img
            src={current.image.src}
            width={current.image.width}
            height={current.image.height}
            alt={current.image.alt}
            loading="lazy"
            decoding="async"
            className="h-auto w-64 rounded-2xl shadow-xl ring-1 ring-gray-200 sm:w-72"
          />
        ) : (
          <div className="flex h-80 w-64 items-center justify-center rounded-2xl bg-white p-6 text-center text-sm text-gray-500 shadow-xl ring-1 ring-gray-200 sm:w-72">
            {current.text}
          </div>
        )}
      </div>
    </div>
  );
}
