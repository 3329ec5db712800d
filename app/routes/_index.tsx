import type { MetaFunction } from "@remix-run/cloudflare";
import { container } from "~/styles/layout.css";
import * as styles from "~/components/home/home.css";

export const meta: MetaFunction = () => [
  { title: "Quantum Bell: write a wish, ring the bell, join the world in hope" },
  { name: "description", content: "A digital wishing well for the quantum age." },
];

export default function Home() {
  return (
    <div className={container}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.headline}>
          Write a wish, ring the bell, join the world in hope
        </h1>
        <p className={styles.tagline}>A digital wishing well for the quantum age.</p>
      </section>
    </div>
  );
}
