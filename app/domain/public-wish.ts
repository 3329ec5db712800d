import type { Theme } from "./theme";
import type { WishStatus } from "./wish-rules";

/** A wish as anyone may see it (docs/api.md): no e-mail, fingerprint, IP or coordinates. */
export interface PublicWish {
  id: string;
  wish: string;
  name: string;
  country: string | null;
  countryCode: string | null;
  location: string;
  theme: Theme;
  status: WishStatus;
  bellRingId: string | null;
  timestamp: string;
  resonanceCount: number;
  isResonated?: boolean;
  /** Only in a ring's list: the wish was withdrawn after it rang, and only its place remains. */
  withdrawn?: true;
}

export interface WallPage {
  wishes: PublicWish[];
  total: number;
  countryCount: number;
  page: number;
  pageSize: number;
}

export interface SiteStats {
  totalWishes: number;
  countriesEntangled: number;
  mostActiveLocations: { country: string; countryCode: string; count: number }[];
}

/** The counters the home page's ribbon shows. */
export type RibbonStats = Pick<SiteStats, "totalWishes" | "countriesEntangled">;

export interface LiveActivity {
  country: string;
  countryCode: string;
  flag: string;
  wishCount: number;
  lastWish: string;
  isNew: boolean;
  pendingWishCount: number;
  hasEntangledWishes: boolean;
}
