import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

/** /compare/{id} (the thanks page's link): the same page as /compare?id={id}. */
export default async function CompareById({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const { tid } = await searchParams;
  const query = new URLSearchParams({ id });
  if (typeof tid === "string") query.set("tid", tid);
  redirect(`/compare?${query.toString()}`);
}
