// Accessibility checks for the journeys (issue #17 point 6): axe-core on the page as it is now, and the
// consumer-page rules of docs/architecture.md "Pages for 65+ readers": body text of 18 px and nothing
// under 16 px, targets of 44 × 44 px, no sideways scrolling at 320 px.
//
// axe is evaluated through the DevTools protocol (page.evaluate with its source), not added as a
// <script> tag: the pages' Content-Security-Policy allows only scripts with the request's nonce, so a
// tag would be refused (and the runner fails a journey on any CSP violation). Evaluation from the
// protocol is not subject to the page's policy.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
export const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Serious and critical axe violations of the page as it is now: [{ id, impact, help, targets }]. */
export async function axeViolations(page) {
  // Colours mid-transition (a button just pressed fades to the brand colour) are not what a reader sees
  // once the page is still: let running CSS transitions and animations finish first.
  // (Endless ones, such as a spinner, never finish: they are left running.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  }, WCAG_AA_TAGS);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

const describe = (violations) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.slice(0, 4).join(", ")}`).join("\n      ");

/**
 * The font sizes of the visible text: `dominant` is the size most characters are set in (the body text),
 * `smallest` the smallest, with up to 5 examples of text under `floor` px.
 */
export async function textSizes(page, floor = 16) {
  return page.evaluate((floor) => {
    const chars = new Map();
    const small = [];
    let smallest = Infinity;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.replace(/\s+/g, " ").trim();
      const el = node.parentElement;
      if (!text || !el || el.closest("script, style, noscript, template, [aria-hidden='true'], svg")) continue;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      // invisible, or visually hidden for screen readers only (sr-only: a 1 px clipped box)
      if (
        style.visibility !== "visible" ||
        style.display === "none" ||
        box.width <= 1 ||
        box.height <= 1 ||
        Number(style.opacity) === 0
      )
        continue;
      const size = parseFloat(style.fontSize);
      chars.set(size, (chars.get(size) ?? 0) + text.length);
      smallest = Math.min(smallest, size);
      if (size < floor && small.length < 5) small.push(`${size}px "${text.slice(0, 40)}"`);
    }
    const dominant = [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    return { dominant, smallest, small };
  }, floor);
}

/**
 * Interactive elements smaller than `min` × `min` px. A checkbox or radio counts with its label (the label
 * is what a finger presses); a link inside a sentence is exempt, as WCAG 2.5.8 exempts inline targets.
 */
export async function smallTargets(page, min = 44) {
  return page.evaluate((min) => {
    const selector =
      "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button'], [role='switch'], [role='link'], [role='tab'], [tabindex]:not([tabindex='-1'])";
    const out = [];
    for (const el of document.querySelectorAll(selector)) {
      const style = getComputedStyle(el);
      if (style.visibility !== "visible" || style.display === "none" || el.closest("[aria-hidden='true'], [inert]"))
        continue;
      let box = el.getBoundingClientRect();
      if (el.matches("input[type='checkbox'], input[type='radio']")) {
        const label = el.labels?.[0];
        if (label) box = label.getBoundingClientRect();
      }
      if (box.width === 0 && box.height === 0) continue;
      if (box.width <= 1 && box.height <= 1) continue; // visually hidden; its label was measured instead
      if (el.tagName === "A" && style.display === "inline") {
        const block = el.parentElement?.closest("p, li, dd, td, div");
        if (block && block.textContent.trim().length > el.textContent.trim().length + 10) continue; // inline in a sentence
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = (el.getAttribute("aria-label") || el.textContent || el.getAttribute("name") || el.tagName)
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return out;
  }, min);
}

/** The document's width at a 320 px wide viewport (restores the viewport it found). */
export async function widthAt320(page) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: before?.height ?? 800 });
  await page.waitForTimeout(50);
  const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
  if (before) await page.setViewportSize(before);
  return width;
}

/**
 * Asserts the consumer-page rules on the page as it is now: 0 serious/critical axe violations, body text
 * ≥ 18 px and nothing under 16 px, targets ≥ 44 × 44 px; and with `reflow`, no sideways scroll at 320 px.
 */
export async function expectAccessibleConsumerPage(page, label, expect, { reflow = true } = {}) {
  // After a client-side navigation Next.js streams the new <title> in a moment after the content; a title
  // that never comes is still reported by axe (document-title) once this wait gives up.
  await page.waitForFunction(() => document.title.trim() !== "", null, { timeout: 5_000 }).catch(() => {});
  const violations = await axeViolations(page);
  expect(violations.length === 0, `${label}: 0 serious/critical axe violations, got:\n      ${describe(violations)}`);
  const text = await textSizes(page);
  expect(text.dominant >= 18, `${label}: body text ≥ 18 px, it is ${text.dominant} px`);
  expect(text.smallest >= 16, `${label}: no text under 16 px, got ${text.small.join("; ")}`);
  const targets = await smallTargets(page);
  expect(targets.length === 0, `${label}: every target ≥ 44×44 px, got ${targets.join("; ")}`);
  if (reflow) {
    const width = await widthAt320(page);
    expect(width <= 320, `${label}: no sideways scroll at 320 px, the page is ${width} px wide`);
  }
}

/** Whether the focused element shows a focus indicator: an outline or a ring (a box-shadow). */
export async function focusIsVisible(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { visible: false, what: "nothing focused" };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const ring = /0px 0px 0px [1-9]/.test(style.boxShadow); // a ring is a shadow with spread and no blur, not shadow-sm
    const name = (el.getAttribute("aria-label") || el.textContent || el.tagName)
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 40);
    return {
      visible: Boolean(outline || ring),
      what: `${el.tagName.toLowerCase()} "${name}" (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`,
    };
  });
}

export { describe as describeViolations };
