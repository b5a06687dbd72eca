// Pan with a drag, zoom with the wheel, a pinch or buttons, for any SVG drawing with a viewBox; mouse,
// pen and touch alike (pointer events; the drawing's CSS says touch-action: none). A drag may start on
// an offered target: it pans, and the click that would end it is swallowed, so a board covered in
// targets still pans on a phone. The drawing says its natural frame in data-fit ("x y w h"); fit()
// returns to it. A view the player chose marks the drawing data-zoomed: "yes" for a zoom or a pan, "fit"
// for fit(true) (the Fit button); the page keeps that view across redraws until the player's next turn
// begins, then clears the mark (fit() without `chosen`). focus() shows a region without marking it;
// panTo() is the player's pan to some boxes.

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

  const fit = (chosen = false) => {
    if (chosen) svg.dataset.zoomed = "fit";
    else delete svg.dataset.zoomed;
    svg.setAttribute("viewBox", svg.dataset.fit);
  };

  /** The player's pan to `boxes` (in the drawing's units) at the present zoom: where most of them are. */
  const panTo = (boxes) => {
    if (!boxes.length || !svg.getAttribute("viewBox")) return;
    const [, , w, h] = get();
    const [cx, cy] = busiest(boxes, [], w, h);
    svg.dataset.zoomed = "yes";
    set([cx - w / 2, cy - h / 2, w, h]);
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
    // A group that does not fit whole lends its box nearest the targets where that one fits.
    for (const group of keep) {
      if (!group.length) continue;
      if (fits(region(boxes.concat(group)))) boxes = boxes.concat(group);
      else {
        const near = nearest(group, region(boxes));
        if (fits(region(boxes.concat([near])))) boxes = boxes.concat([near]);
      }
    }
    let [left, top, right, bottom] = region(boxes);
    // Pixels per unit: enough for the smallest target, enough to hold them all if that is larger,
    // never closer than eight smallest targets across the narrow side (the player keeps the context).
    let all = Math.min(r.width / (right - left), r.height / (bottom - top));
    // Where only the margins keep them from fitting at minPx, they fit without margins, edge to edge.
    const bare = [Math.min(...boxes.map((b) => b.x)), Math.min(...boxes.map((b) => b.y)),
      Math.max(...boxes.map((b) => b.x + b.width)), Math.max(...boxes.map((b) => b.y + b.height))];
    const tight = Math.min(r.width / (bare[2] - bare[0]), r.height / (bare[3] - bare[1]));
    const edgeToEdge = all < need && tight * smallest >= minPx;
    if (edgeToEdge) [left, top, right, bottom, all] = [...bare, tight];
    const whole = Math.min(r.width / fw, r.height / fh);
    const cap = Math.max(need, Math.min(r.width, r.height) / (smallest * 8));
    const scale = Math.max(edgeToEdge ? all : need, Math.min(all, cap));
    if (scale <= whole * 1.02) return;  // the whole drawing already shows them, large enough
    const w = r.width / scale, h = r.height / scale;
    const first = keep.find((group) => group.length) || [];
    // Targets that do not all fit: where most of the first group and most targets are.
    const spread = right - left > w * 1.001 || bottom - top > h * 1.001;
    // All of them fit: as near the first group's nearest box as holding them all allows.
    const toward = first.length ? centre(nearest(first, [left, top, right, bottom])) : [(left + right) / 2, (top + bottom) / 2];
    let [cx, cy] = spread ? busiest(targets, first, w, h, true)
      : [Math.min(Math.max(toward[0], right - w / 2), left + w / 2), Math.min(Math.max(toward[1], bottom - h / 2), top + h / 2)];
    // Within the drawing's own frame where it is larger than the view: no empty margin beside the station.
    // Never where it would push out a box the view holds (a target drawn beyond the frame).
    const clamp = (c, half, lo, size) => (size <= 2 * half ? lo + size / 2 : Math.min(Math.max(c, lo + half), lo + size - half));
    const holds = (x, y) => boxes.filter((b) => b.x >= x - w / 2 && b.x + b.width <= x + w / 2 && b.y >= y - h / 2 && b.y + b.height <= y + h / 2).length;
    const [kx, ky] = [clamp(cx, w / 2, fx, fw), clamp(cy, h / 2, fy, fh)];
    if (holds(kx, ky) >= holds(cx, cy)) [cx, cy] = [kx, ky];
    delete svg.dataset.zoomed;
    set([cx - w / 2, cy - h / 2, tenth(w), tenth(h)]);
  };
  return { zoom: (f) => zoom(f), fit, focus, panTo };
}

/** A node's box in the drawing's own units (its viewBox's), through every transform between them:
 * getBBox() alone answers in the node's own units, which a translated group shifts. */
export function boxIn(svg, node) {
  const b = node.getBBox();
  const to = svg.getScreenCTM(), from = node.getScreenCTM();
  if (!to || !from) return b;
  const m = to.inverse().multiply(from);
  const xs = [], ys = [];
  for (const [x, y] of [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]]) {
    xs.push(m.a * x + m.c * y + m.e);
    ys.push(m.b * x + m.d * y + m.f);
  }
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const centre = (b) => [b.x + b.width / 2, b.y + b.height / 2];

/** Of `boxes`, the one whose centre is nearest the middle of the region [left, top, right, bottom]. */
function nearest(boxes, [left, top, right, bottom]) {
  const [mx, my] = [(left + right) / 2, (top + bottom) / 2];
  const away = (b) => Math.hypot(centre(b)[0] - mx, centre(b)[1] - my);
  return boxes.reduce((best, b) => (away(b) < away(best) ? b : best));
}

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
