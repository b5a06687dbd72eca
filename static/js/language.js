// The language menu of visitors who are not signed in: choosing a language switches at once.
for (const select of document.querySelectorAll("select[data-submit-on-change]")) {
  select.addEventListener("change", () => select.form.submit());
}
