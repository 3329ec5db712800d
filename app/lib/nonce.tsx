import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

/** Hands the document's CSP nonce to the components that print scripts. Browsers hide it after parsing, so it is "" on the client. */
export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
