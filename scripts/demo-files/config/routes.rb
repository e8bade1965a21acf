# Made up for github-tui --demo: not the real file.
Rails.application.routes.draw do
  # Prefix route urls with "admin" and route names with "rails_admin_"
  scope "admin", :module => :rails_admin, :as => "rails_admin" do
    controller "main" do
      match "/", :to => :index, :as => "dashboard"
      match "/:model_name", :to => :list, :as => "list", :via => :get
      match "/:model_name/new", :to => :new, :as => "new", :via => :get
      match "/:model_name", :to => :create, :as => "create", :via => :post
      match "/:model_name/:id/edit", :to => :edit, :as => "edit", :via => :get
      match "/:model_name/:id", :to => :update, :as => "update", :via => :put
      match "/:model_name/:id/delete", :to => :delete, :as => "delete", :via => :get
      match "/:model_name/:id", :to => :destroy, :as => "destroy", :via => :delete
      match "/:model_name/bulk_delete", :to => :bulk_delete, :as => "bulk_delete", :via => :post
      match "/:model_name/bulk_destroy", :to => :bulk_destroy, :as => "bulk_destroy", :via => :delete
    end

    controller "history" do
      match "/history/list", :to => :list, :as => "history_list"
      match "/history/slider", :to => :slider, :as => "history_slider"
      match "/history/:model_name", :to => :for_model, :as => "history_model"
      match "/history/:model_name/:id", :to => :for_object, :as => "history_object"
    end
  end
end
