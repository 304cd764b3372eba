"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClass } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { focusRing } from "@/components/ui/focus";

/** Links shown in the public header, in order. 'Try It Out' is rendered separately as the primary button. */
const PUBLIC_NAV_LINKS = [
  { label: "Book a Demo", href: "/schedule-main" },
  { label: "Pricing", href: "/pricing" },
  { label: "Login", href: "/login" },
  { label: "Signup", href: "/signup" },
] as const;

/** The mobile menu adds Contact Us to the same links. */
const PUBLIC_MOBILE_LINKS = [
  { label: "Book a Demo", href: "/schedule-main" },
  { label: "Pricing", href: "/pricing" },
  { label: "Contact Us", href: "/contact-us" },
  { label: "Login", href: "/login" },
  { label: "Signup", href: "/signup" },
] as const;

const TRY_IT_OUT = { label: "Try It Out", href: "/demo" } as const;

/** The brand mark next to the product name (decorative). */
export function BrandMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-brand-600" />
      <path
        d="M9 16.5l4.5 4.5L23 11.5"
        fill="none"
        stroke="white"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Header for public (signed-out) pages: product name, marketing/auth links and a mobile menu on narrow screens. */
export function PublicHeader({ productName }: { productName: string }) {
  const [open, setOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: Event) => {
      if (headerRef.current && event.target instanceof Node && !headerRef.current.contains(event.target))
        setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
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

  const close = () => setOpen(false);

  return (
    <header ref={headerRef} className="relative z-40 border-b border-gray-100 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-6 py-4">
        <Link
          href="/"
          className={cx("flex min-h-11 items-center gap-2 rounded-md text-xl font-bold text-brand-600", focusRing)}
        >
          <BrandMark />
          <span>{productName}</span>
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {PUBLIC_NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={buttonClass({ variant: "ghost" })}>
              {link.label}
            </Link>
          ))}
          <a href={TRY_IT_OUT.href} className={buttonClass({ className: "ml-2" })}>
            {TRY_IT_OUT.label}
          </a>
        </nav>

        <Button
          ref={buttonRef}
          variant="ghost"
          className="md:hidden"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={open ? menuId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <svg
            className="h-6 w-6"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
            focusable="false"
          >
            {open ? (
              <path strokeLinecap="round" strokeLinejoin="round" d="M6 6l12 12M18 6L6 18" />
            ) : (
              <path strokeLinecap="round" strokeLinejoin="round" d="M4 7h16M4 12h16M4 17h16" />
            )}
          </svg>
        </Button>
      </div>

      {open ? (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="border-t border-gray-100 bg-white px-6 pb-6 pt-2 shadow-sm md:hidden"
        >
          <ul className="flex flex-col gap-1">
            {PUBLIC_MOBILE_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  className={buttonClass({ variant: "ghost", size: "lg", fullWidth: true, className: "justify-start" })}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <a
            href={TRY_IT_OUT.href}
            onClick={close}
            className={buttonClass({ size: "lg", fullWidth: true, className: "mt-4" })}
          >
            {TRY_IT_OUT.label}
          </a>
        </nav>
      ) : null}
    </header>
  );
}
