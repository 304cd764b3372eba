"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";

/** One entry of a Menu: a link, an action (a button), a line of text, or a separator. */
export type MenuEntry =
  | { kind: "link"; label: string; href: string; prefetch?: boolean }
  | { kind: "action"; label: string; onSelect: () => void }
  | { kind: "text"; label: string; className?: string; leading?: ReactNode }
  | { kind: "separator" };

function menuItemsOf(menu: HTMLElement | null) {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** Focuses the item at `index` (negative counts from the end; wraps around). */
function focusMenuItem(menu: HTMLElement | null, index: number) {
  const list = menuItemsOf(menu);
  if (list.length === 0) return;
  list[((index % list.length) + list.length) % list.length]?.focus();
}

/**
 * A menu button (WAI-ARIA menu button pattern): the button toggles a role="menu" list; opening moves focus to the
 * first item (ArrowUp on the button: the last); ArrowUp/ArrowDown/Home/End move between items; Escape closes and
 * returns focus to the button; Tab or a click outside closes.
 */
export function Menu({
  buttonLabel,
  buttonTitle,
  buttonClassName,
  buttonContent,
  panelClassName,
  header,
  entries,
}: {
  buttonLabel?: string;
  buttonTitle?: string;
  buttonClassName: string;
  buttonContent: ReactNode;
  panelClassName?: string;
  header?: ReactNode;
  entries: MenuEntry[];
}) {
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last">("first");
  const buttonId = useId();
  const menuId = useId();

  const items = () => menuItemsOf(menuRef.current);
  const focusItem = (index: number) => focusMenuItem(menuRef.current, index);

  useEffect(() => {
    if (!open) return;
    focusMenuItem(menuRef.current, focusOnOpen.current === "last" ? -1 : 0);
    const onPointerDown = (event: Event) => {
      if (wrapperRef.current && event.target instanceof Node && !wrapperRef.current.contains(event.target))
        setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("mousedown", onPointerDown);
    document.addEventListener("touchstart", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("mousedown", onPointerDown);
      document.removeEventListener("touchstart", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const openAt = (where: "first" | "last") => {
    focusOnOpen.current = where;
    if (open) focusItem(where === "last" ? -1 : 0);
    else setOpen(true);
  };

  const onButtonKeyDown = (event: ReactKeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAt("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt("last");
    }
  };

  const onMenuKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusItem(current + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusItem(current < 0 ? -1 : current - 1);
        break;
      case "Home":
        event.preventDefault();
        focusItem(0);
        break;
      case "End":
        event.preventDefault();
        focusItem(-1);
        break;
      case " ":
        if (current >= 0) {
          event.preventDefault();
          list[current]?.click();
        }
        break;
      case "Tab":
        setOpen(false);
        break;
    }
  };

  const itemClass =
    "flex min-h-11 w-full items-center px-4 py-2 text-left text-sm text-gray-800 hover:bg-gray-50 hover:text-gray-900 focus:bg-brand-50 focus:text-brand-700 focus:outline-none";

  return (
    <div ref={wrapperRef} className="relative">
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-label={buttonLabel}
        title={buttonTitle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = "first";
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        className={cx(buttonClassName, focusRing)}
      >
        {buttonContent}
      </button>
      {open ? (
        <div
          className={`absolute right-0 top-full z-50 mt-2 origin-top-right overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-black/5 ${panelClassName ?? ""}`}
        >
          {header}
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-labelledby={buttonId}
            aria-orientation="vertical"
            onKeyDown={onMenuKeyDown}
            className="py-1"
          >
            {entries.map((entry, index) => {
              if (entry.kind === "separator")
                return <div key={`sep-${index}`} role="separator" className="my-1 border-t border-gray-100" />;
              if (entry.kind === "text") {
                return (
                  <div
                    key={`text-${index}`}
                    role="menuitem"
                    aria-disabled="true"
                    tabIndex={-1}
                    className={`flex items-start gap-2 px-4 py-2 text-sm focus:bg-gray-50 focus:outline-none ${entry.className ?? "text-gray-700"}`}
                  >
                    {entry.leading}
                    <span>{entry.label}</span>
                  </div>
                );
              }
              if (entry.kind === "action") {
                return (
                  <button
                    key={`action-${entry.label}`}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    onClick={() => {
                      setOpen(false);
                      buttonRef.current?.focus();
                      entry.onSelect();
                    }}
                    className={itemClass}
                  >
                    {entry.label}
                  </button>
                );
              }
              return (
                <Link
                  key={entry.href + entry.label}
                  href={entry.href}
                  prefetch={entry.prefetch}
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => setOpen(false)}
                  className={itemClass}
                >
                  {entry.label}
                </Link>
              );
            })}
          </div>
        </div>
      ) : null}
    </div>
  );
}
