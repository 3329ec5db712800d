import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_SITE_NAME } from "~/domain/site";
import { Modal } from "./modal";
import * as styles from "./dialogs.css";
import { useI18n } from "~/i18n/i18n";
import { isolating } from "~/domain/bidi";
import { BidiText } from "~/components/text/bidi-text";
import { useStory } from "~/hooks/use-story";
import { FIRST_LINE_COUNT } from "~/domain/verse/facts";

export default function HowItWorksDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const ti = isolating(t);
  const { sentence } = useStory();
  const siteName = useRouteLoaderData<{ siteName?: string }>("root")?.siteName ?? DEFAULT_SITE_NAME;
  const steps = [
    {
      title: t("Submit your wish"),
      text: t("Write a wish for peace, hope or healing, up to 250 characters. Add a name and country if you like, or stay anonymous."),
    },
    {
      title: t("Quantum entanglement"),
      text: t(
        "Your wish waits with others. When the bell rings, up to five wishes become qubits, each turned by an angle drawn from its own words, then linked in a chain of entangling gates.",
      ),
    },
    {
      title: ti("Ring the {siteName}", { siteName }),
      text: sentence("ringStep"),
    },
    {
      title: t("A Unique Signature"),
      text: t(
        "The result is a string of ones and zeros that no one could have predicted. It becomes a short verse written for that ring alone: its first line chosen by the bits from {lines} lines, the lines after it written from how its shots fell and from its wishes' themes and countries. It can be shared with its own link.",
        { lines: FIRST_LINE_COUNT },
      ),
    },
  ];
  return (
    <Modal title={t("How it works")} onClose={onClose}>
      <ol className={styles.steps}>
        {steps.map((step, index) => (
          <li key={step.title} className={styles.step}>
            <span className={styles.stepNumber} aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className={styles.stepTitle}>
                <BidiText text={step.title} />
              </h3>
              <p className={styles.text}>{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
