import { Spinner } from "@/components/ui/spinner";

export function LoadingScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center" aria-busy="true">
      <Spinner className="h-8 w-8 text-brand-600" />
      <p className="text-sm text-gray-500">Click refresh if the page doesn&apos;t load</p>
    </main>
  );
}
