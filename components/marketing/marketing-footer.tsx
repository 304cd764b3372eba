import Link from "next/link";

/** Footer of the public marketing pages: support email and the copyright line. */
export function MarketingFooter({
  productName,
  supportEmail,
  showDevLinks = false,
}: {
  productName: string;
  supportEmail: string;
  showDevLinks?: boolean;
}) {
  return (
    <footer className="border-t border-gray-100 bg-white py-8 text-center text-sm text-gray-500">
      <p>
        Questions?{" "}
        <a className="text-brand-600 hover:underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>{" "}
        ·{" "}
        <Link href="/contact-us" className="text-brand-600 hover:underline">
          Contact Us
        </Link>
      </p>
      <p className="mt-1">
        © {new Date().getFullYear()} {productName}. All rights reserved.
      </p>
      {showDevLinks ? (
        <p className="mt-1">
          <Link href="/dev/outbox" className="hover:text-gray-900 hover:underline">
            Developer outbox
          </Link>
        </p>
      ) : null}
    </footer>
  );
}
