// Changelog lines for `changeset version`, written for the studios that read them:
// - a changeset whose summary starts with "Internal:" (refactors, test-only or bench-only work,
//   removed private helpers) is dropped from the changelog; the version still moves if it is the
//   only change, so the published code and its changelog agree;
// - "Updated dependencies" becomes one readable line naming the versions this release works with.
// Configured in .changeset/config.json ("changelog": "../scripts/changelog.cjs").
"use strict";

/** True when a changeset describes nothing a user of the package can notice. */
function isInternal(summary) {
  return /^\s*internal\s*[:(]/i.test(summary);
}

/** @type {import("@changesets/types").ChangelogFunctions["getReleaseLine"]} */
async function getReleaseLine(changeset) {
  const summary = changeset.summary.trim();
  if (!summary || isInternal(summary)) return "";
  const [first, ...rest] = summary.split("\n");
  const body = rest.map((line) => (line.trim() ? `  ${line}` : "")).join("\n");
  return `- ${first}${rest.length ? `\n${body}` : ""}`;
}

/** @type {import("@changesets/types").ChangelogFunctions["getDependencyReleaseLine"]} */
async function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return "";
  const names = dependenciesUpdated.map((d) => `\`${d.name}@${d.newVersion}\``).join(", ");
  return `- Works with ${names}.`;
}

module.exports = { default: { getReleaseLine, getDependencyReleaseLine }, getReleaseLine, getDependencyReleaseLine, isInternal };
