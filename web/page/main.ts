/**
 * The page's script (bundled by scripts/build-web.mjs into web/build/page.js): each panel
 * set up by its own module. Every answer comes from the ditdah API on the page's origin.
 */
import { offerAlphabets } from "./alphabets.js";
import { chartSeen, chooseChartAlphabet, showChart } from "./chart.js";
import { setupDecode } from "./decode.js";
import { byId } from "./dom.js";
import { Hear } from "./hear.js";
import { setupKey } from "./key.js";
import { setupListen } from "./listen.js";
import { setupPractice } from "./practice.js";
import { MorseTree } from "./tree.js";
import { onView, setupViews } from "./views.js";

const tree = new MorseTree(byId("tree", SVGSVGElement));
const hear = new Hear();
onView((view) => {
  if (view === "chart") chartSeen();
});
setupViews();
setupDecode();
setupListen();
setupKey();
setupPractice();
void showChart(hear, tree);
void offerAlphabets([byId("alphabet", HTMLSelectElement), byId("chart-alphabet", HTMLSelectElement)]).then(
  (alphabets) => chooseChartAlphabet(hear, tree, alphabets),
  (error: unknown) => console.error(error),
);

// After one visit the page loads with no network (web/sw.js); a browser without service workers, or one refusing this one, loads it from the network as before.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch((error: unknown) => console.warn("No offline copy:", error));
