/** Decorative rolling fields at sunset, drawn inline so the hero never waits on an image. */
export function FieldIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 360" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2f6636" />
          <stop offset="0.5" stopColor="#7d8a3a" />
          <stop offset="0.85" stopColor="#e5ad3a" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect width="480" height="360" rx="28" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="480" height="360" fill="url(#hero-sky)" />
        <circle cx="340" cy="120" r="64" fill="#edc566" />
        <circle cx="340" cy="120" r="92" fill="#edc566" opacity="0.18" />
        <path d="M0 220 C 90 170, 180 170, 260 205 S 420 240, 480 200 V360 H0Z" fill="#3f7d45" />
        <path d="M0 260 C 110 220, 230 230, 320 262 S 440 290, 480 270 V360 H0Z" fill="#2f6636" />
        <path d="M0 300 C 120 270, 260 280, 480 310 V360 H0Z" fill="#e5ad3a" />
        <g stroke="#b57417" strokeWidth="3" strokeLinecap="round" opacity="0.7">
          <path d="M30 330 l10 -26 M70 336 l10 -26 M110 340 l10 -26 M150 342 l10 -26 M190 344 l10 -26 M230 345 l10 -26 M270 346 l10 -26 M310 347 l10 -26 M350 348 l10 -26 M390 349 l10 -26 M430 350 l10 -26" />
        </g>
        <g fill="#18341d">
          <rect x="96" y="196" width="58" height="30" rx="4" />
          <rect x="134" y="178" width="28" height="26" rx="3" />
          <circle cx="112" cy="232" r="14" />
          <circle cx="112" cy="232" r="6" fill="#edc566" />
          <circle cx="152" cy="234" r="10" />
          <circle cx="152" cy="234" r="4" fill="#edc566" />
          <rect x="104" y="184" width="6" height="14" rx="2" />
        </g>
      </g>
    </svg>
  );
}
