// The offline page: back online, go back to the page the player wanted.
const retry = () => window.location.reload();
window.addEventListener("online", retry);
document.getElementById("retry").addEventListener("click", (e) => { e.preventDefault(); retry(); });
