FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
# The site's packages at the lock's versions and hashes (bin/lock writes requirements.lock), then the
# site itself, which adds nothing the lock did not.
COPY requirements.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements.lock
COPY . .
RUN pip install --no-cache-dir --no-deps .
RUN DJANGO_SECRET_KEY=build python manage.py collectstatic --noinput
