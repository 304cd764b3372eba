import { render, screen, within } from "@testing-library/react";
import { ScrollArea, Table } from "@/components/ui/table";

type Row = { id: string; name: string; sent: number };
const columns = [
  { header: "Agent", cell: (r: Row) => r.name, rowHeader: true },
  { header: "Emails sent", cell: (r: Row) => r.sent, align: "right" as const },
];

describe("Table", () => {
  it("is a table named by its caption, with column and row headers", () => {
    render(
      <Table
        caption="Emails by agent"
        columns={columns}
        rows={[{ id: "1", name: "Ann", sent: 12 }]}
        rowKey={(r) => r.id}
      />,
    );
    const table = screen.getByRole("table", { name: "Emails by agent" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Agent", "Emails sent"]);
    expect(within(table).getByRole("rowheader", { name: "Ann" })).toBeTruthy();
    expect(within(table).getByRole("cell", { name: "12" }).className).toContain("text-right");
  });

  it("puts the table in a keyboard-reachable scroll region named by the caption", () => {
    render(
      <Table
        caption="Renewals"
        captionHidden
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        empty="No renewals yet."
      />,
    );
    const region = screen.getByRole("region", { name: "Renewals" });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(screen.getByText("Renewals").className).toBe("sr-only");
    expect(screen.getByRole("cell", { name: "No renewals yet." }).getAttribute("colspan")).toBe("2");
  });
});

describe("ScrollArea", () => {
  it("is a named region the keyboard can reach and scroll", () => {
    render(
      <ScrollArea label="Invoices table">
        <table>
          <tbody>
            <tr>
              <td>Row</td>
            </tr>
          </tbody>
        </table>
      </ScrollArea>,
    );
    const region = screen.getByRole("region", { name: "Invoices table" });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(region.className).toContain("overflow-x-auto");
    expect(region.className).toContain("focus-visible:ring-2");
  });
});
