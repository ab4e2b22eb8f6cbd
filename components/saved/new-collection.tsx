"use client";

import { Button } from "@/components/ui/button";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { BUTTON_SECONDARY, ERROR_NOTE, INPUT } from "@/components/ui/classes";
import { api } from "@/components/api/client";
import { ApiError } from "@/lib/client/fetch-json";

/** Makes an empty collection to file saved calls in. */
export function NewCollection(): ReactNode {
  const router = useRouter();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        api("POST /api/collections", { body: { name } }).then(
          ({ collection }) => router.push(`/saved/collections/${collection.id}`),
          (err: unknown) => setError(err instanceof ApiError ? err.message : String(err)),
        );
      }}
    >
      <input
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="New collection"
        className={`${INPUT} !w-48 !py-1 !text-[13px]`}
        data-testid="new-collection-name"
      />
      <Button type="submit" className={BUTTON_SECONDARY} isDisabled={!name.trim()}>
        Create
      </Button>
      {error && <p className={`${ERROR_NOTE} text-[12px]`}>{error}</p>}
    </form>
  );
}
