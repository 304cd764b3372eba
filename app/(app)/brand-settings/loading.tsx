// The loading screen for this page only: a Suspense boundary higher up would make every page below it
// answer 200 before it renders, so a page's notFound() or redirect() could no longer set the status.
export { LoadingScreen as default } from "@/components/layout/loading-screen";
