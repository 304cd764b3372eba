"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { BrandMark } from "@/components/layout/public-header";
import { Menu, type MenuEntry } from "@/components/ui/menu";
import { focusRing } from "@/components/ui/focus";

export type PaymentStatus = "active" | "needs_update" | "unknown" | "billing_disabled";

export type AppHeaderUser = {
  firstName: string;
  lastName: string;
  email: string;
  isAdmin: boolean;
  canManageBilling: boolean;
};

export type AppHeaderProps = {
  productName: string;
  user: AppHeaderUser;
  paymentStatus: PaymentStatus;
  logoutHref?: string;
};

/** The status texts shown in the payment status menu (the first three are the spec's texts). */
const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  active: "Payments active",
  needs_update: "Payment needs to be updated. Click to update payment information.",
  unknown: "Payment status unknown",
  billing_disabled: "Billing is disabled in this mode",
};

const PAYMENT_STATUS_STYLE: Record<PaymentStatus, { dot: string; text: string; showUpdate: boolean }> = {
  active: { dot: "bg-emerald-500", text: "text-gray-700", showUpdate: false },
  needs_update: { dot: "bg-red-500 motion-safe:animate-pulse", text: "text-red-700", showUpdate: true },
  unknown: { dot: "bg-amber-400", text: "text-gray-700", showUpdate: true },
  billing_disabled: { dot: "bg-gray-400", text: "text-gray-500", showUpdate: false },
};

const NAV_ITEMS = [
  { label: "Dashboard", href: "/dashboard", matches: ["/dashboard"] },
  { label: "Contacts", href: "/contacts", matches: ["/contacts", "/contact"] },
] as const;

/** The user-menu entries for a user, in order (without separators). */
function userMenuItems(user: Pick<AppHeaderUser, "isAdmin" | "canManageBilling">, logoutHref = "/logging-out") {
  const items: { label: string; href: string }[] = user.isAdmin
    ? [
        { label: "Your Profile", href: "/profile" },
        { label: "Organization Settings", href: "/settings" },
        { label: "Manage Agents", href: "/add-agents" },
        ...(user.canManageBilling ? [{ label: "Billing & Payments", href: "/stripe" }] : []),
      ]
    : [
        { label: "Payment Settings", href: "/stripe" },
        { label: "Contact Us", href: "/contact-us" },
      ];
  return [...items, { label: "Log out", href: logoutHref }];
}

function isActive(pathname: string, matches: readonly string[]) {
  return matches.some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

function initialsOf(user: AppHeaderUser) {
  const initials = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
  return initials || user.email.trim().charAt(0).toUpperCase() || "?";
}

function PaymentStatusMenu({ status }: { status: PaymentStatus }) {
  const style = PAYMENT_STATUS_STYLE[status];
  const text = PAYMENT_STATUS_TEXT[status];
  const dot = (size: string, extra = "") => (
    <span aria-hidden="true" className={`inline-block shrink-0 rounded-full ${size} ${style.dot} ${extra}`} />
  );
  const entries: MenuEntry[] = [
    { kind: "text", label: text, className: `font-medium ${style.text}`, leading: dot("mt-1.5 h-2 w-2") },
  ];
  if (style.showUpdate) entries.push({ kind: "link", label: "Update Payment", href: "/stripe" });

  return (
    <Menu
      buttonLabel="Payment status"
      buttonTitle={text}
      buttonClassName="relative inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-700"
      buttonContent={
        <>
          <svg
            className="h-5 w-5"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            aria-hidden="true"
            focusable="false"
          >
            <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
            <path d="M2.5 9.5h19M6 15h4" strokeLinecap="round" />
          </svg>
          {dot("h-2.5 w-2.5", "absolute right-1 top-1 ring-2 ring-white")}
        </>
      }
      panelClassName="w-72"
      entries={entries}
    />
  );
}

function UserMenu({ user, logoutHref }: { user: AppHeaderUser; logoutHref: string }) {
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const items = userMenuItems(user, logoutHref);
  const entries: MenuEntry[] = [
    ...items.slice(0, -1).map((item) => ({ kind: "link" as const, ...item })),
    { kind: "separator" },
    { kind: "link", label: "Log out", href: logoutHref, prefetch: false },
  ];

  return (
    <Menu
      buttonClassName="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-gray-700 hover:bg-gray-100 sm:pr-3"
      buttonContent={
        <>
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700"
          >
            {initialsOf(user)}
          </span>
          <span className="sr-only max-w-[12rem] truncate sm:not-sr-only">{fullName}</span>
          <svg
            className="hidden h-4 w-4 text-gray-400 sm:block"
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            focusable="false"
          >
            <path
              fillRule="evenodd"
              d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z"
              clipRule="evenodd"
            />
          </svg>
        </>
      }
      panelClassName="w-64"
      header={
        <div className="border-b border-gray-100 px-4 py-3">
          <p className="truncate text-sm font-semibold text-gray-900">{fullName}</p>
          {user.email ? <p className="truncate text-xs text-gray-500">{user.email}</p> : null}
        </div>
      }
      entries={entries}
    />
  );
}

/** The signed-in bar: product name, Dashboard/Contacts, the payment status menu and the user menu. */
export function AppHeader({ productName, user, paymentStatus, logoutHref = "/logging-out" }: AppHeaderProps) {
  const pathname = usePathname() ?? "";

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-8 px-4 sm:flex-nowrap sm:px-6 lg:px-8">
        <Link
          href="/dashboard"
          className={`order-1 flex h-16 items-center gap-2 rounded-md text-lg font-bold text-brand-600 ${focusRing}`}
        >
          <BrandMark className="h-7 w-7" />
          <span>{productName}</span>
        </Link>

        <nav
          aria-label="Main"
          className="order-3 -mx-4 flex w-[calc(100%+2rem)] gap-1 border-t border-gray-100 px-4 py-2 sm:order-2 sm:mx-0 sm:w-auto sm:gap-6 sm:self-stretch sm:border-0 sm:p-0"
        >
          {NAV_ITEMS.map((item) => {
            const active = isActive(pathname, item.matches);
            return (
              <Link
                key={item.href}
                href={item.href}
                aria-current={active ? "page" : undefined}
                className={`flex items-center rounded-md px-3 py-1.5 text-sm font-medium sm:rounded-none sm:border-b-2 sm:px-1 sm:py-0 ${focusRing} ${
                  active
                    ? "bg-brand-50 text-brand-700 sm:border-brand-600 sm:bg-transparent"
                    : "text-gray-600 hover:bg-gray-50 hover:text-gray-900 sm:border-transparent sm:hover:border-gray-300 sm:hover:bg-transparent"
                }`}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>

        <div className="order-2 ml-auto flex items-center gap-2 sm:order-3 sm:gap-3">
          <PaymentStatusMenu status={paymentStatus} />
          <UserMenu user={user} logoutHref={logoutHref} />
        </div>
      </div>
    </header>
  );
}
