import { fireEvent, render, screen } from "@testing-library/react";
import { RadioGroup } from "@/components/ui/radio-group";

const options = [
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly", hint: "Two months free." },
] as const;

describe("RadioGroup", () => {
  it("is a radio group named by its legend, radios named by their labels", () => {
    const onChange = jest.fn();
    render(<RadioGroup legend="Billing period" value="monthly" onChange={onChange} options={options} />);
    const group = screen.getByRole("radiogroup", { name: "Billing period" });
    expect(group.tagName).toBe("FIELDSET");
    expect((screen.getByRole("radio", { name: "Monthly" }) as HTMLInputElement).checked).toBe(true);
    const yearly = screen.getByRole("radio", { name: "Yearly" });
    expect(document.getElementById(yearly.getAttribute("aria-describedby")!)?.textContent).toBe("Two months free.");
    fireEvent.click(yearly);
    expect(onChange).toHaveBeenCalledWith("yearly");
  });

  it("wires hint and error to the group and marks it invalid", () => {
    render(
      <RadioGroup
        legend="Plan"
        hint="Pick one."
        error="Choose a plan."
        value={null}
        onChange={() => {}}
        options={options}
      />,
    );
    const group = screen.getByRole("radiogroup", { name: "Plan" });
    expect(group.getAttribute("aria-invalid")).toBe("true");
    const described = group
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(["Pick one.", "Choose a plan."]);
  });
});
