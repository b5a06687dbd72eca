FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY games games
COPY accounts accounts
COPY argo_site argo_site
RUN pip install --no-cache-dir .
COPY . .
RUN DJANGO_SECRET_KEY=build python manage.py collectstatic --noinput
