"use client";

// A button that reads a JSON file the person picks and hands it to `save` (an import endpoint),
// then goes where `save` says; a file that is not JSON, or one the endpoint refuses, is said in
// its own words under the button.
import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useRef, useState, type ReactNode } from "react";
import { BUTTON_SECONDARY, ERROR_NOTE } from "@/components/ui/classes";
import { ApiError } from "@/lib/client/fetch-json";

export function ImportJsonFile({
  label,
  fileLabel,
  testId,
  save,
}: {
  label: string;
  fileLabel: string;
  /** The file input's test id; its error note's is `${testId}-error`. */
  testId: string;
  /** Saves the document; the address to go to. */
  save: (document: unknown) => Promise<string>;
}): ReactNode {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async (file: File): Promise<void> => {
    setError(null);
    try {
      let document: unknown;
      try {
        document = JSON.parse(await file.text());
      } catch {
        throw new ApiError("bad_request:body", `${file.name} is not JSON.`, 400);
      }
      router.push(await save(document));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      if (input.current) input.current.value = "";
    }
  };
  return (
    <div className="flex flex-col items-end gap-2">
      <Button className={BUTTON_SECONDARY} onPress={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="hidden"
        aria-label={fileLabel}
        data-testid={testId}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void load(file);
        }}
      />
      {error && (
        <p role="alert" className={`${ERROR_NOTE} max-w-md text-[12px]`} data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
