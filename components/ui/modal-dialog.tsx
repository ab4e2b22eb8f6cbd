"use client";

// Every modal in Toolscope: React Aria's overlay keeps Tab inside the dialog, hides the page
// behind it from assistive technology, closes on Escape, locks the page's scroll and gives focus
// back to what opened it, all of which hand-rolled overlays had missed.
import { type ReactNode } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";

export function ModalDialog({
  role = "dialog",
  title,
  onClose,
  testId,
  width = "w-[560px]",
  children,
}: {
  /** "alertdialog" for a question that interrupts (are you sure?), "dialog" for a form. */
  role?: "dialog" | "alertdialog";
  /** Its heading, which names it. */
  title: ReactNode;
  /** Escape, or whatever the dialog's own buttons call. */
  onClose: () => void;
  testId: string;
  /** A Tailwind width; the dialog never exceeds the screen. */
  width?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <ModalOverlay
      isOpen
      isKeyboardDismissDisabled={false}
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 flex items-center justify-center bg-zinc-950/40 p-4"
    >
      <Modal
        className={`max-h-full ${width} max-w-full overflow-y-auto rounded-xl border border-zinc-200 bg-white p-5 shadow-2xl dark:border-zinc-800 dark:bg-zinc-950`}
      >
        <Dialog role={role} data-testid={testId} className="outline-none">
          <Heading slot="title" level={2} className="text-base font-semibold">
            {title}
          </Heading>
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
