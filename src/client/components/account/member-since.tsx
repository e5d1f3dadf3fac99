import { monthAndYear } from "../../lib/dates";
import { CalendarIcon } from "../ui/icons";
import { StatTile } from "./stat-tile";

export function MemberSince({ createdAt }: { createdAt: string | null | undefined }) {
  return <StatTile icon={<CalendarIcon className="size-6" />} label="Member Since" value={monthAndYear(createdAt)} />;
}
