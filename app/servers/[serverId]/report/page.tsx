import type { ReactNode } from "react";
import { ReportView } from "@/components/report/report-view";

export default async function ServerReportPage({ params }: { params: Promise<{ serverId: string }> }): Promise<ReactNode> {
  const { serverId } = await params;
  return <ReportView serverId={serverId} />;
}
