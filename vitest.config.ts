import { workerdConfig } from "./vitest.workerd";

// Integration tests inside workerd: D1, the BellRoom and the Worker entry are the real ones. Pure unit tests run in
// Node (vitest.node.config.ts), where they need no workerd start-up per file.
export default workerdConfig({
  include: ["test/integration/**/*.test.ts"],
  // Tells a card that fell back from one drawn: needs an isolate that has loaded no font yet.
  ownRuntime: ["test/integration/og-stored-cards.test.ts"],
});
