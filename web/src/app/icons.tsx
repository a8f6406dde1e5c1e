/**
 * The console's few icons, drawn inline (a few hundred bytes, instead of an icon library in the first
 * screen's JavaScript). Decorative: every one sits beside words that say the same.
 */
const paths: Record<string, string> = {
  home: 'M3 11l9-8 9 8v10h-6v-6H9v6H3z',
  contacts: 'M16 11a4 4 0 1 0-8 0 4 4 0 0 0 8 0zM4 21c1-4 4-6 8-6s7 2 8 6',
  campaigns: 'M3 10v4h4l6 5V5L7 10zM16 8a5 5 0 0 1 0 8',
  wallet: 'M3 7h16v12H3zM3 7l12-4v4M15 13h2',
  bell: 'M6 17V11a6 6 0 1 1 12 0v6l2 2H4zM10 21h4',
  support: 'M4 5h16v11H9l-5 4z',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2',
  admin: 'M12 3l8 3v6c0 5-4 8-8 9-4-1-8-4-8-9V6z',
  affiliate: 'M8 12h8M12 8v8M4 12a8 8 0 1 0 16 0 8 8 0 0 0-16 0',
  signOut: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  check: 'M5 12l5 5 9-10',
  templates: 'M6 3h9l4 4v14H6zM9 10h7M9 14h7M9 18h4',
  inbox: 'M3 13l3-8h12l3 8v6H3zM3 13h5l1 3h6l1-3h5',
  audit: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h3',
  switch: 'M7 7h13l-3-3M17 17H4l3 3',
  automation: 'M13 2L4 14h7l-1 8 9-12h-7z',
  segments: 'M3 5h18l-7 8v6l-4 2v-8z',
};

function make(name: keyof typeof paths) {
  return function Icon({ size = 18 }: { size?: number }) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d={paths[name]} />
      </svg>
    );
  };
}

export const Icons = {
  Home: make('home'),
  Contacts: make('contacts'),
  Campaigns: make('campaigns'),
  Wallet: make('wallet'),
  Bell: make('bell'),
  Support: make('support'),
  Settings: make('settings'),
  Admin: make('admin'),
  Affiliate: make('affiliate'),
  SignOut: make('signOut'),
  Check: make('check'),
  Templates: make('templates'),
  Inbox: make('inbox'),
  Audit: make('audit'),
  Switch: make('switch'),
  Automation: make('automation'),
  Segments: make('segments'),
};
