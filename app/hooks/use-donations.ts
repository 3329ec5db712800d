import { useRouteLoaderData } from "@remix-run/react";
import type { DonationLink } from "~/domain/donations";

/** The donation pages the operator set (root loader); none when no page is set. */
export function useDonations(): DonationLink[] {
  return useRouteLoaderData<{ donations?: DonationLink[] }>("root")?.donations ?? [];
}
