/** What the wish form shows again after a post without JavaScript was refused (shared with its server action). */
export interface WishFormValues {
  wish: string;
  name: string;
  email: string;
  country: string;
}

export interface WishFormFailure {
  error: string;
  field?: string;
  values: WishFormValues;
}

export const EMPTY_WISH_FORM: WishFormValues = { wish: "", name: "", email: "", country: "" };
