import { useId } from "react";

/** The bell itself, drawn inline so it can swing and glow without an image request. Decorative: the card says what it is. */
export function BellIcon({ className }: { className?: string }) {
  const gradient = `${useId()}-bell`;
  return (
    <svg className={className} viewBox="0 0 64 72" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff3c4" />
          <stop offset="0.45" stopColor="#ffd54f" />
          <stop offset="1" stopColor="#c79100" />
        </linearGradient>
      </defs>
      <path d="M28 6a4 4 0 0 1 8 0v3h-8z" fill="#c79100" />
      <path
        d="M32 9c-11 0-18 8.5-18 20v12.5c0 4.5-2.4 8.3-6.2 10.6A2.6 2.6 0 0 0 9.1 57h45.8a2.6 2.6 0 0 0 1.3-4.9C52.4 49.8 50 46 50 41.5V29C50 17.5 43 9 32 9z"
        fill={`url(#${gradient})`}
        stroke="#8a6400"
        strokeWidth="1.5"
      />
      <path d="M20 27c0-6 4-11 10-12.5" fill="none" stroke="#fffbe6" strokeOpacity="0.7" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="32" cy="63" r="5.5" fill="#c79100" stroke="#8a6400" strokeWidth="1.5" />
    </svg>
  );
}
