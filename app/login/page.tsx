import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SignInForm } from "@/components/auth/sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string }> }): Promise<ReactNode> {
  const { next } = await searchParams;
  // Only a path on this site: never an absolute URL a link could smuggle in.
  const returnTo = typeof next === "string" && next.startsWith("/") && !next.startsWith("//") ? next : "/";
  return (
    <div className="flex h-full items-start justify-center pt-[15vh]">
      <SignInForm returnTo={returnTo} />
    </div>
  );
}
