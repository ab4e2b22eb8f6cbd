// Class names for the few primitives every screen shares, so buttons, fields and error
// notes look the same everywhere (and change in one place).
export const BUTTON_PRIMARY =
  "inline-flex h-8 items-center gap-1.5 rounded-md bg-indigo-600 px-3.5 text-[13px] font-medium text-white shadow-sm hover:bg-indigo-700 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none disabled:opacity-60";

export const BUTTON_SECONDARY =
  "inline-flex h-8 items-center rounded-md border border-zinc-300 px-3 text-[13px] hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-indigo-500/40 focus-visible:outline-none disabled:opacity-50 dark:border-zinc-700 dark:hover:bg-zinc-900";

export const INPUT =
  "block w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/20 dark:border-zinc-700 dark:bg-zinc-900";

export const ERROR_NOTE =
  "rounded-md border border-rose-200 bg-rose-50 p-2 text-sm text-rose-700 dark:border-rose-900 dark:bg-rose-950/40 dark:text-rose-300";

/** A bordered card holding one part of a settings-like page (account, people). */
export const PANEL_SECTION = "rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-950";

/** A list box of things to pick one of (a server's prompts, its skills), and each row of it. */
export const PICK_LIST = "mt-2 rounded-lg border border-zinc-200 outline-none dark:border-zinc-800";
export const PICK_ROW =
  "block w-full cursor-default border-b border-zinc-100 px-3 py-2.5 text-left outline-none last:border-0 hover:bg-zinc-50 data-[focus-visible]:ring-2 data-[focus-visible]:ring-indigo-500/40 data-[focus-visible]:ring-inset data-[selected]:bg-indigo-50/60 dark:border-zinc-900 dark:hover:bg-zinc-900 dark:data-[selected]:bg-indigo-950/30";
