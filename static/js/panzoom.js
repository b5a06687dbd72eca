// Pan with a drag, zoom with the wheel, a pinch or buttons, for any SVG drawing with a viewBox.
// The drawing says its natural frame in data-fit ("x y w h"); fit() returns to it. A zoom or pan by
// the player marks the drawing data-zoomed, so the page stops fitting it after each move; fit() clears it.

export function enablePanZoom(svg) {
  const get = () => svg.getAttribute("viewBox").split(" ").map(Number);
  const set = (v) => svg.setAttribute("viewBox", v.map((n) => Math.round(n * 10) / 10).join(" "));
  const zoom = (factor, cx = 0.5, cy = 0.5) => {
    if (!svg.getAttribute("viewBox")) return;
    const [x, y, w, h] = get();
    const nw = Math.min(Math.max(w * factor, 150), 6000), nh = (h * nw) / w;
    svg.dataset.zoomed = "yes";
    set([x + (w - nw) * cx, y + (h - nh) * cy, nw, nh]);
  };
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const r = svg.getBoundingClientRect();
    zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  }, { passive: false });
  let drag = null;
  const pointers = new Map();
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, e);
    if (e.target.closest(".choice")) return;
    drag = { x: e.clientX, y: e.clientY, box: get() };
  });
  svg.addEventListener("pointermove", (e) => {
    if (pointers.size === 2 && pointers.has(e.pointerId)) {
      const [a, b] = [...pointers.values()];
      const before = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
      pointers.set(e.pointerId, e);
      const [c, d] = [...pointers.values()];
      const after = Math.hypot(c.clientX - d.clientX, c.clientY - d.clientY);
      if (before > 0 && after > 0) zoom(before / after);
      return;
    }
    if (!drag || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 4) return;
    svg.dataset.zoomed = "yes";
    const r = svg.getBoundingClientRect();
    const [, , w, h] = drag.box;
    set([drag.box[0] - ((e.clientX - drag.x) * w) / r.width, drag.box[1] - ((e.clientY - drag.y) * h) / r.height, w, h]);
  });
  const end = (e) => { pointers.delete(e.pointerId); drag = null; };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  const fit = () => {
    delete svg.dataset.zoomed;
    svg.setAttribute("viewBox", svg.dataset.fit);
  };
  return { zoom: (f) => zoom(f), fit };
}
