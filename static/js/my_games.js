// "My games" follows the player's own events (a turn, an invitation, a game over) by reloading.
import "./countdown.js";
import { onUserEvent } from "./notifier.js";

onUserEvent(() => window.location.reload());
