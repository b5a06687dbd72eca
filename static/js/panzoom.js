// Pan with a drag, zoom with the wheel, a pinch or buttons, for any SVG drawing with a viewBox; mouse,
// pen and touch alike (pointer events; the drawing's CSS says touch-action: none). A drag may start on
// an offered target: it pans, and the click that would end it is swallowed, so a board covered in
// targets still pans on a phone. The drawing says its natural frame in data-fit ("x y w h"); fit()
// returns to it. A zoom or pan by the player marks the drawing data-zoomed, so the page stops fitting
// it after each move; fit() clears it. focus() shows a region without marking it.

const DRAG_PX = 6;  // a finger moving less than this is still a tap
const tenth = (n) => Math.round(n * 10) / 10;

export function enablePanZoom(svg) {
  const get = () => svg.getAttribute("viewBox").split(" ").map(Number);
  // A pan keeps the view's size as it is: rounding it too would zoom a little with every drag.
  const set = ([x, y, w, h]) => svg.setAttribute("viewBox", [tenth(x), tenth(y), w, h].join(" "));
  const zoom = (factor, cx = 0.5, cy = 0.5) => {
    if (!svg.getAttribute("viewBox")) return;
    const [x, y, w, h] = get();
    const nw = Math.min(Math.max(w * factor, Math.min(60, w)), 6000), nh = (h * nw) / w;
    svg.dataset.zoomed = "yes";
    set([x + (w - nw) * cx, y + (h - nh) * cy, tenth(nw), tenth(nh)]);
  };
  /** Where a screen point falls, as fractions of the drawing's box (for zooming about it). */
  const at = (clientX, clientY) => {
    const r = svg.getBoundingClientRect();
    return [(clientX - r.left) / r.width, (clientY - r.top) / r.height];
  };
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, ...at(e.clientX, e.clientY));
  }, { passive: false });

  const pointers = new Map();
  let drag = null, pinch = null, swallowClick = false;
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return { d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  };
  svg.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    swallowClick = false;
    if (pointers.size === 1) {
      drag = { id: e.pointerId, x: e.clientX, y: e.clientY, box: svg.getAttribute("viewBox") ? get() : null, moved: false };
      pinch = null;
    } else if (pointers.size === 2) {
      drag = null;
      pinch = spread();
    }
  });
  svg.addEventListener("pointermove", (e) => {
    if (!pointers.has(e.pointerId)) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pinch && pointers.size === 2) {
      const now = spread();
      if (pinch.d > 0 && now.d > 0) zoom(pinch.d / now.d, ...at(now.mx, now.my));
      pinch = now;
      swallowClick = true;
      return;
    }
    if (!drag || !drag.box || e.pointerId !== drag.id) return;
    if (!drag.moved && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      try { svg.setPointerCapture(e.pointerId); } catch { /* the pointer is already gone */ }
    }
    svg.dataset.zoomed = "yes";
    swallowClick = true;
    const r = svg.getBoundingClientRect();
    const [, , w, h] = drag.box;
    // preserveAspectRatio "meet": one screen pixel is the larger of the two ratios.
    const unit = Math.max(w / r.width, h / r.height);
    set([drag.box[0] - (e.clientX - drag.x) * unit, drag.box[1] - (e.clientY - drag.y) * unit, w, h]);
  });
  const end = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pointers.size === 0) drag = null;
    else if (pointers.size === 1) {
      // One finger left after a pinch: it pans from where it is now.
      const [[id, p]] = [...pointers.entries()];
      drag = { id, x: p.x, y: p.y, box: get(), moved: true };
    }
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  // The click that ends a drag or a pinch chooses nothing.
  svg.addEventListener("click", (e) => {
    if (!swallowClick) return;
    swallowClick = false;
    e.preventDefault();
    e.stopPropagation();
  }, true);

  const fit = () => {
    delete svg.dataset.zoomed;
    svg.setAttribute("viewBox", svg.dataset.fit);
  };

  /**
   * Show the drawing's region around `boxes` (rectangles in its own units) so that the smallest of
   * them is at least `minPx` screen pixels across; when they do not all fit at that size, the view
   * centres on where most of them are. Not a zoom by the player: the next move may refit. `keep` lists
   * groups of boxes (the viewer's own pieces, the last turn's marks) each taken into the view, in
   * order, while the targets stay at least `minPx` across with it.
   */
  const focus = (boxes, minPx = 44, keep = []) => {
    const r = svg.getBoundingClientRect();
    if (!boxes.length || !r.width || !r.height || !svg.dataset.fit) return;
    const [fx, fy, fw, fh] = svg.dataset.fit.split(" ").map(Number);
    const smallest = Math.min(...boxes.map((b) => Math.min(b.width, b.height)));
    const margin = smallest * 0.6;
    const need = (minPx * 1.1) / smallest;
    const region = (list) => [Math.min(...list.map((b) => b.x)) - margin, Math.min(...list.map((b) => b.y)) - margin,
      Math.max(...list.map((b) => b.x + b.width)) + margin, Math.max(...list.map((b) => b.y + b.height)) + margin];
    const fits = ([l, t, rr, bb]) => Math.min(r.width / (rr - l), r.height / (bb - t)) >= need;
    const targets = boxes;
    for (const group of keep) {
      if (group.length && fits(region(boxes.concat(group)))) boxes = boxes.concat(group);
    }
    const [left, top, right, bottom] = region(boxes);
    // Pixels per unit: enough for the smallest target, enough to hold them all if that is larger,
    // never closer than eight smallest targets across the narrow side (the player keeps the context).
    const all = Math.min(r.width / (right - left), r.height / (bottom - top));
    const whole = Math.min(r.width / fw, r.height / fh);
    const cap = Math.max(need, Math.min(r.width, r.height) / (smallest * 8));
    const scale = Math.max(need, Math.min(all, cap));
    if (scale <= whole * 1.02) return;  // the whole drawing already shows them, large enough
    const w = r.width / scale, h = r.height / scale;
    const first = keep.find((group) => group.length) || [];
    // Targets that do not all fit: where most of the first group and most targets are; a first group
    // left out: where all the targets and the most of it are.
    const spread = right - left > w || bottom - top > h;
    let [cx, cy] = spread ? busiest(targets, first, w, h, true)
      : first.length && !boxes.includes(first[0]) ? busiest(targets, first, w, h, false) : [(left + right) / 2, (top + bottom) / 2];
    // Within the drawing's own frame where it is larger than the view: no empty margin beside the station.
    const clamp = (c, half, lo, size) => (size <= 2 * half ? lo + size / 2 : Math.min(Math.max(c, lo + half), lo + size - half));
    cx = clamp(cx, w / 2, fx, fw);
    cy = clamp(cy, h / 2, fy, fh);
    delete svg.dataset.zoomed;
    set([cx - w / 2, cy - h / 2, tenth(w), tenth(h)]);
  };
  return { zoom: (f) => zoom(f), fit, focus };
}

const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];

/** Where to centre a view of w × h that cannot hold every target: where it holds the most of `own`
 * (the viewer's pieces), and then the most targets; the candidates are the targets, the own pieces and
 * the points halfway between. */
export function busiest(targets, own, w, h, ownFirst = true) {
  const inside = (b, [cx, cy]) => Math.abs(b.x + b.width / 2 - cx) < w / 2 - b.width / 2 && Math.abs(b.y + b.height / 2 - cy) < h / 2 - b.height / 2;
  const spots = [...targets.map(centre), ...own.map(centre)];
  for (const t of targets) for (const o of own) spots.push([(centre(t)[0] + centre(o)[0]) / 2, (centre(t)[1] + centre(o)[1]) / 2]);
  let best = null, bestScore = [-1, -1];
  for (const spot of spots) {
    const near = targets.filter((b) => inside(b, spot)).length;
    if (!near) continue;
    const mine = own.filter((b) => inside(b, spot)).length;
    const score = ownFirst ? [mine, near] : [near, mine];
    if (score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] > bestScore[1])) [best, bestScore] = [spot, score];
  }
  return best || centre(targets[0]);
}
