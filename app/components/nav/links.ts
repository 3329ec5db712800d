export interface NavLink {
  to: string;
  label: string;
}

/** The top bar, in the order of docs/product.md#navigation-and-chrome. */
export const MAIN_NAV: readonly NavLink[] = [
  { to: "/about", label: "About" },
  { to: "/why", label: "Why" },
  { to: "/gift", label: "Support a Wish" },
  { to: "/cost", label: "Cost & Impact" },
  { to: "/charity", label: "Giving Back" },
  { to: "/faq", label: "FAQ" },
  { to: "/axioms", label: "The Axioms of Consciousness" },
];

export const FOOTER_GROUPS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: "Explore",
    links: [
      { to: "/about", label: "About" },
      { to: "/why", label: "How it Works" },
      { to: "/axioms", label: "The Axioms of Consciousness" },
      { to: "/entanglement", label: "Entanglement Worldwide" },
      { to: "/blog", label: "Blog" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Participate",
    links: [
      { to: "/#wish-form", label: "Make a Wish" },
      { to: "/gift", label: "Support a Wish" },
      { to: "/cost", label: "Cost & Impact" },
      { to: "/charity", label: "Giving Back" },
    ],
  },
  {
    title: "Policies",
    links: [
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/terms", label: "Terms of Use" },
      { to: "/cookies", label: "Cookie Policy" },
      { to: "/ai", label: "AI and the Bell" },
    ],
  },
  {
    title: "Partnership",
    links: [
      { to: "/creator", label: "The Creator's Story" },
      { to: "/research", label: "Research" },
      { to: "/contact", label: "Partner with Us" },
    ],
  },
];
