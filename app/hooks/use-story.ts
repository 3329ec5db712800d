import { useRouteLoaderData } from "@remix-run/react";
import { useCallback } from "react";
import { storySentence, type Story, type StoryKey } from "~/domain/provider-story";
import { useI18n } from "~/i18n/i18n";

/** The configured provider's story (root loader), and one of its sentences in the page's language. */
export function useStory(): { story: Story; sentence: (key: StoryKey) => string } {
  const { t } = useI18n();
  const story = useRouteLoaderData<{ story?: Story }>("root")?.story ?? "simulator";
  const sentence = useCallback((key: StoryKey) => storySentence(t, story, key), [t, story]);
  return { story, sentence };
}
