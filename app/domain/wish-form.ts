/** What the wish form shows again after a post without JavaScript was refused (shared with its server action). */
export interface WishFormValues {
  wish: string;
  name: string;
  email: string;
  country: string;
  /** "Ring a bell for someone": the name of the person it is for (docs/product.md#the-loop-back). */
  forName: string;
}

export interface WishFormFailure {
  /** The refusal's sentence, already in the page's language (the action renders it). */
  error: string;
  field?: string;
  values: WishFormValues;
}

export const EMPTY_WISH_FORM: WishFormValues = { wish: "", name: "", email: "", country: "", forName: "" };

/** A wish just written for someone: their page's full address and the name it was written for. */
export interface SentForSomeone {
  url: string;
  forName: string;
}
