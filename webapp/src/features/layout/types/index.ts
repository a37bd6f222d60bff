export interface NavLinkItem {
  id: number;
  title: string;
  url: string;
}

/** A top-level navigation entry; with children it renders as a dropdown. */
export interface NavEntry extends NavLinkItem {
  slug?: string;
  children: NavLinkItem[];
}

export interface FooterMenu {
  id: number;
  name: string;
  slug: string;
  items: NavLinkItem[];
}
