"use client";

// "Sign out", shown only when Toolscope asks for a token and this browser signed in.
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { fetchJson } from "@/lib/client/fetch-json";

export function SignOutButton(): ReactNode {
  const router = useRouter();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    fetchJson<{ required: boolean; signedIn: boolean }>("/api/session")
      .then((s) => setShown(s.required && s.signedIn))
      .catch(() => setShown(false));
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      data-testid="sign-out"
      onClick={() => void fetchJson("/api/session", { method: "DELETE" }).then(() => router.push("/login"))}
      className="rounded px-2 py-1 text-[13px] text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100"
    >
      Sign out
    </button>
  );
}
