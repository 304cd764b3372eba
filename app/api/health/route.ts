import { withPublic } from "@/lib/api/handler";
import { getHealth } from "@/lib/health";

export const dynamic = "force-dynamic";
export const GET = withPublic(() => getHealth());
