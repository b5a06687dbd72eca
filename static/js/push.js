// Settings: turn on pushes for this device. The browser asks for permission only when the player
// clicks, never on page load; the subscription goes to /api/me/devices/ and the list reloads.
import { api } from "./live.js";

const button = document.getElementById("push-on");
const status = document.getElementById("push-status");

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

function deviceLabel() {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} · ${system}` : browser;
}

async function turnOn() {
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  status.textContent = button.dataset.waiting;
  try {
    if (await Notification.requestPermission() !== "granted") {
      status.textContent = button.dataset.denied;
      return;
    }
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.getSubscription()
      || await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(button.dataset.key) });
    const { endpoint, keys } = subscription.toJSON();
    await api(button.dataset.api, { method: "POST", body: { endpoint, p256dh: keys.p256dh, auth: keys.auth, label: deviceLabel() } });
    window.location.reload();
  } catch (err) {
    status.textContent = `${button.dataset.failed} (${err.message})`;
  } finally {
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

if (button) {
  if ("serviceWorker" in navigator && "PushManager" in window && "Notification" in window) {
    button.hidden = false;
    button.addEventListener("click", turnOn);
  } else {
    document.getElementById("push-unsupported").hidden = false;
  }
}
